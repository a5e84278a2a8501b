rootProject.name = "SampleApp"
include(":app")
