plugins {
    id("com.android.application")
}

android {
    namespace = "org.tidewatch.wear"
    defaultConfig {
        applicationId = "org.tidewatch"
        // The watch build must be above the phone build it ships with.
        versionCode = 100530
    }
}
