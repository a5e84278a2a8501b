rootProject.name = "TrailNotes"
include(":app")
