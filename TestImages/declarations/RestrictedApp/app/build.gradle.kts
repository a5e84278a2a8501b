plugins {
    id("com.android.application")
}

android {
    namespace = "com.playprep.restricted"
    compileSdk = 36

    defaultConfig {
        applicationId = "com.playprep.restricted"
        minSdk = 24
        targetSdk = 36
        versionCode = 7
        versionName = "1.0.7"
    }
}

dependencies {
    implementation("androidx.work:work-runtime:2.10.0")
    implementation("com.google.android.gms:play-services-ads-identifier:18.2.0")
}
