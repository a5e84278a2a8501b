plugins {
    id("com.android.application")
}

android {
    namespace = "com.playprep.unevaluated"
    compileSdk = 35

    defaultConfig {
        applicationId = providers.gradleProperty("appId").get()
        minSdk = 24
        targetSdk = 35
        versionCode = 1
        versionName = "1.0"
    }
}
