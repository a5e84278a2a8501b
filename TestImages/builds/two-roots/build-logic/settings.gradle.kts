rootProject.name = "build-logic"
include(":convention")
