plugins {
    id("com.android.application")
}

android {
    namespace = "org.playprep.notes"
    defaultConfig {
        applicationId = "org.playprep.notes"
        versionCode = 12
    }
    flavorDimensions += "channel"
    productFlavors {
        create("store") { dimension = "channel" }
        create("instrumented") {
            dimension = "channel"
            versionCode = (System.currentTimeMillis() / 1000).toInt()
        }
    }
}
