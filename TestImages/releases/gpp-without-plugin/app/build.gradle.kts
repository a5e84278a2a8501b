plugins {
    id("com.android.application")
}

android {
    namespace = "org.example.triplet"
    defaultConfig {
        applicationId = "org.example.triplet"
        versionCode = 12
    }
}
