pluginManagement {
    includeBuild("../build-logic")
}
rootProject.name = "Lantern"
include(":app")
