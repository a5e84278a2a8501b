plugins {
    id("example.plugin.application")
}

android {
    namespace = "org.playprep.plugins.clock"
    defaultConfig {
        applicationId = "org.playprep.plugins.clock"
    }
}
