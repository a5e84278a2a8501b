rootProject.name = "artifact-this-app"
include(":app")
