plugins {
    `kotlin-dsl`
}

gradlePlugin {
    plugins {
        register("androidApp") {
            id = "lantern.android.app"
            implementationClass = "AndroidAppConventionPlugin"
        }
    }
}
