import org.gradle.api.Project

// One place for the SDK levels of every module.
object Config {
    const val compileSdkVersion = 28
    const val minSdkVersion = 21
    const val targetSdkVersion = 28

    @JvmStatic
    fun releaseVersionName(project: Project): String {
        return if (project.hasProperty("versionName")) project.property("versionName") as String else ""
    }
}
