rootProject.name = "NotUTF8"
include(":app")
