plugins {
    id("com.android.application")
}

data class ResolvedVersion(val code: Int, val name: String)

// CI passes the tag's version; a local build derives it from `git describe`.
fun resolveVersion(): ResolvedVersion {
    val envCode = providers.environmentVariable("PADLINK_VERSION_CODE").orNull?.toIntOrNull()
    val envName = providers.environmentVariable("PADLINK_VERSION_NAME").orNull
    if (envCode != null && envName != null) return ResolvedVersion(envCode, envName)
    return ResolvedVersion(1, "0.0.0")
}

val resolvedVersion = resolveVersion()

android {
    namespace = "org.example.padlink"
    compileSdk = 37

    defaultConfig {
        applicationId = "org.example.padlink"
        minSdk = 24
        targetSdk = 37
        versionCode = resolvedVersion.code
        versionName = resolvedVersion.name
    }
}
