plugins {
    id("com.android.application")
}

android {
    namespace = "org.example.vault"
    defaultConfig {
        applicationId = "org.example.vault"
        versionCode = 112
    }
}
