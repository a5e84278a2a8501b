include(":app", ":timetable")
