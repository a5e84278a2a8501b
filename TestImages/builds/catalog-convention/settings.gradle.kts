pluginManagement {
    includeBuild("build-logic")
}
rootProject.name = "Beacon"
include(":app", ":kiosk", ":watch")
