plugins {
    id("com.android.application")
}

android {
    namespace = "com.playprep.sample"
    compileSdk = 35

    defaultConfig {
        applicationId = "com.playprep.sample"
        minSdk = 24
        targetSdk = 36
        versionCode = 3
        versionName = "1.2.0"
    }

    flavorDimensions += "tier"
    productFlavors {
        create("free") {
            dimension = "tier"
            applicationIdSuffix = ".free"
        }
        create("pro") {
            dimension = "tier"
        }
    }

    buildTypes {
        getByName("debug") {
            applicationIdSuffix = ".debug"
        }
    }
}

dependencies {
    implementation(project(":core-ui"))
}
