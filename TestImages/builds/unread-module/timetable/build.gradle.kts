plugins {
    id("com.acme.android.library")
}

android {
    namespace = "com.acme.ferry.timetable"
}
