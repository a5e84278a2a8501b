rootProject.name = "CardKeeper"
include(":app")
