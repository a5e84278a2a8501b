plugins {
    alias(libs.plugins.beacon.android.application)
    alias(libs.plugins.beacon.android.publishing)
}

android {
    namespace = "org.beacon"
    defaultConfig {
        applicationId = "org.beacon"
        versionCode = libs.versions.versionCode.get().toInt()
    }
}
