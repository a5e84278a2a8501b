plugins {
    id("com.android.application")
}

android {
    namespace = "org.example.cardkeeper"
    compileSdk = 34

    defaultConfig {
        applicationId = "org.example.cardkeeper"
        minSdk = 21
        targetSdk = 34
        versionCode = 132
        versionName = "2.27.0"
    }

    buildTypes {
        getByName("debug") {
            applicationIdSuffix = ".debug"
        }
        getByName("release") {
            isMinifyEnabled = true
        }
    }
}
