rootProject.name = "BrokenApp"
include(":app")
