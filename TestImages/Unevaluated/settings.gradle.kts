rootProject.name = "Unevaluated"
include(":app")
