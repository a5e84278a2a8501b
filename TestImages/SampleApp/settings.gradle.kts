rootProject.name = "SampleApp"
include(":app", ":core-ui")
