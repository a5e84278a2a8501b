rootProject.name = "RestrictedApp"
include(":app")
