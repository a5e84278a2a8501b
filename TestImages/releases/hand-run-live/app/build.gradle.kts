plugins {
    id("com.android.application")
}

android {
    namespace = "org.example.handrun"
    defaultConfig {
        applicationId = "org.example.handrun"
        versionCode = 12
        versionName = "1.2"
    }
}
