import java.io.FileInputStream
import java.util.Properties

plugins {
    id("com.android.application")
}

fun versionProperties(file: String = "version.properties"): Properties =
    Properties().apply { load(FileInputStream(rootProject.file(file))) }

val release = versionProperties()

android {
    namespace = "org.ledger.kotlin"
    defaultConfig {
        applicationId = "org.ledger.kotlin"
        versionCode = release.getProperty("versionCode").toInt()
        versionName = release.getProperty("versionName")
    }
}
