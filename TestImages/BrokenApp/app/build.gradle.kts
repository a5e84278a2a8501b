plugins {
    id("com.android.application")
}

android {
    namespace = "com.example.brokenapp"
    compileSdk = 35

    defaultConfig {
        minSdk = 24
        versionCode = 1
    }
}
