plugins {
    id("com.android.application") version "8.12.0" apply false
}
