plugins {
    id("lantern.android.app")
}

android {
    namespace = "org.lantern.phone"
    defaultConfig {
        applicationId = "org.lantern"
        versionCode = 310
    }
}
