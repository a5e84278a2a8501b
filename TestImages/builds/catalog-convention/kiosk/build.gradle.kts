plugins {
    id(libs.plugins.beacon.android.application.get().pluginId)
}

android {
    namespace = "org.beacon.kiosk"
    defaultConfig {
        applicationId = "org.beacon.kiosk"
        versionCode = libs.versions.versionCode.get().toInt() + 1
    }
}
