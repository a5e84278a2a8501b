plugins {
    id("com.android.application")
}

android {
    namespace = "org.otherteam.notes"
    defaultConfig {
        applicationId = "org.otherteam.notes"
        versionCode = 9
        targetSdk = 36
    }
}
