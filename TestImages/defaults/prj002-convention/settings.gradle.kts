pluginManagement {
    includeBuild("build-logic")
}
include(":plugins:alarm", ":plugins:weather", ":plugins:clock")
