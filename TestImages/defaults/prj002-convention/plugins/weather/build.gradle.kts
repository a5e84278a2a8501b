plugins {
    id("example.plugin.application")
}

android {
    namespace = "org.playprep.plugins.weather"
    defaultConfig {
        applicationId = "org.playprep.plugins.weather"
    }
}
