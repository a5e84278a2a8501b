plugins {
    id("example.plugin.application")
}

android {
    namespace = "org.playprep.plugins.alarm"
    defaultConfig {
        applicationId = "org.playprep.plugins.alarm"
    }
}
