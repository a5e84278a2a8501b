plugins {
    // A convention plugin published from another repository.
    id("com.acme.android.app")
}

android {
    namespace = "com.acme.ferry"
}
