plugins {
    id("com.android.application")
}

android {
    defaultConfig {
        versionCode = readVersionCode()
    }
}
