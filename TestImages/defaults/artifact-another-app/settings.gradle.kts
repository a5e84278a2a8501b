rootProject.name = "artifact-another-app"
include(":app")
