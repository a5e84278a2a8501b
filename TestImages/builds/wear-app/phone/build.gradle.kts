plugins {
    id("com.android.application")
}

android {
    namespace = "org.tidewatch"
    defaultConfig {
        applicationId = "org.tidewatch"
        versionCode = 530
    }
}

dependencies {
    wearApp(project(":wear"))
}
