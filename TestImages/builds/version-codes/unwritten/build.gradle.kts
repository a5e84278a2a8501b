import java.util.Properties

plugins {
    id("com.android.application")
}

val generated = Properties()
file("build-number.properties").inputStream().use { generated.load(it) }

android {
    namespace = "org.ledger.unwritten"
    defaultConfig {
        applicationId = "org.ledger.unwritten"
        versionCode = generated.getProperty("code").toInt()
    }
}
