rootProject.name = "padlink"
include(":app")
