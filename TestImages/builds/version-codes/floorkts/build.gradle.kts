plugins {
    id("com.android.application")
}

android {
    namespace = "org.ledger.floorkts"
    defaultConfig {
        applicationId = "org.ledger.floorkts"
        versionCode = maxOf(System.getenv("BUILD_NUMBER")?.toInt() ?: 0, 200000) + 1
    }
}
