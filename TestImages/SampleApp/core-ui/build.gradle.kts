plugins {
    id("com.android.library")
}

android {
    namespace = "com.playprep.sample.coreui"
    compileSdk = 35

    defaultConfig {
        minSdk = 24
    }
}
