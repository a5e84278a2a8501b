plugins {
    `kotlin-dsl`
}

gradlePlugin {
    plugins {
        register("androidApplication") {
            id = libs.plugins.beacon.android.application.get().pluginId
            implementationClass = "org.beacon.gradle.ApplicationConventions"
        }
        register("androidPublishing") {
            id = libs.plugins.beacon.android.publishing.get().pluginId
            implementationClass = "org.beacon.gradle.PublishingConventions"
        }
    }
}
