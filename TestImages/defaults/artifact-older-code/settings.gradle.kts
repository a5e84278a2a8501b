rootProject.name = "artifact-older-code"
include(":app")
