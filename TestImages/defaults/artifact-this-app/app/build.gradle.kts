plugins {
    id("com.android.application")
}

android {
    namespace = "com.playprep.sample"
    defaultConfig {
        applicationId = "com.playprep.sample"
        versionCode = 3
        targetSdk = 36
    }
}
