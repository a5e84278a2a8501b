plugins {
    id("org.example.android.application")
}

android {
    namespace = "org.example.notes"
}
