plugins {
    id("lantern.android.app")
}

android {
    namespace = "org.lantern.tv"
    defaultConfig {
        applicationId = "org.lantern.tv"
        versionCode = 1310
    }
}
