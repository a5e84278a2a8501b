plugins {
    id("com.android.application")
}

android {
    namespace = "org.playprep.installer"
    defaultConfig {
        applicationId = "org.playprep.installer"
        versionCode = 21
        targetSdk = libs.versions.targetSdk.get().toInt()
    }
    flavorDimensions += "store"
    productFlavors {
        create("play") { dimension = "store" }
        create("fdroid") { dimension = "store" }
    }
}
