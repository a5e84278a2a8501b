rootProject.name = "vault"
include(":androidApp")
