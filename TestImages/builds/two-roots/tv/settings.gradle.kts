pluginManagement {
    includeBuild("../build-logic")
}
rootProject.name = "LanternTv"
include(":app")
