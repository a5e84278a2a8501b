plugins {
    id("com.android.application")
}

android {
    namespace = "org.example.proxyclient"
    compileSdk = 36

    defaultConfig {
        applicationId = "org.example.proxyclient"
        minSdk = 24
        targetSdk = 36
        versionCode = 668
        versionName = "1.10.18"
    }
}
