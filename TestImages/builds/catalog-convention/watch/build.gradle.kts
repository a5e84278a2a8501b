plugins {
    alias(libs.plugins.beacon.android.wear)
}

android {
    namespace = "org.beacon.watch"
}
